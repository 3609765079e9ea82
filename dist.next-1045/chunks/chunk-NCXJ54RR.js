let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{a as i}from"./chunk-GMLHXMDR.js";import{d as t}from"./chunk-E2OBHKJK.js";async function d(r,n){let{data:a,meta:s}=await r.request("GET","/analytics",{query:{...n}}),e=t.safeParse(a);if(!e.success)throw i("GET /analytics","an object",s.request_id);return e.data}export{d as a};
//# sourceMappingURL=chunk-NCXJ54RR.js.map
