let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{h as n}from"./chunk-M6GQY55Z.js";import{a as t}from"./chunk-OYTSQAFP.js";var r=(e,i)=>t.enum(n,{value:e==="events"?"kinds":"kind",help:i,many:!0,message:`--${e} {value}: not an event kind. Kinds: ${n.join(", ")}.`});export{r as a};
//# sourceMappingURL=chunk-LRFJONJ5.js.map
