let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{a as r,b as n,c as i}from"./chunk-VPYPQKVT.js";var p="/events",c=(e,t)=>n(e,r(p,t));async function m(e,t,o){let s=o===void 0?{}:{webhook_id:o};return(await i(e,`${r(p,t)}/resend`,s)).record}export{p as a,c as b,m as c};
//# sourceMappingURL=chunk-C7BKBDA7.js.map
