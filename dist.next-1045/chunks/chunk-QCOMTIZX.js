let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{a as r}from"./chunk-GMLHXMDR.js";import{b as a,e as s}from"./chunk-E2OBHKJK.js";async function p(o,t,n){let e=await o.request("GET",t,{query:n});if(!s(e.data))throw r(`GET ${t}`,"a list of objects",e.meta.request_id);let i=a.safeParse(e.meta);return{items:e.data,meta:i.success?i.data:void 0}}export{p as a};
//# sourceMappingURL=chunk-QCOMTIZX.js.map
