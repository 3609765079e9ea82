import { createRequire as __hireRequire } from 'node:module'; const require = __hireRequire(import.meta.url);
function g(){return Object.create(null)}function s(n){return n!==null&&typeof n=="object"&&!Array.isArray(n)}function c(n,o,e){Object.defineProperty(n,o,{value:e,writable:!0,enumerable:!0,configurable:!0})}var u=(n,o)=>Object.hasOwn(n,o)?n[o]:void 0;function d(n,o){let e={...n};for(let[t,r]of Object.entries(o)){let i=u(e,t);c(e,t,s(i)&&s(r)?d(i,r):r)}return e}export{g as a,s as b,c,u as d,d as e};
//# sourceMappingURL=chunk-HR4E5ETK.js.map
