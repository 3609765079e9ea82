let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
function i(r,t,e=s(t)){return`${r} ${r===1?t:e}`}function s(r){return/[^aeiou]y$/.test(r)?`${r.slice(0,-1)}ies`:/(s|x|z|ch|sh)$/.test(r)?`${r}es`:`${r}s`}function $(r){return/[^aeiou]ies$/.test(r)?`${r.slice(0,-3)}y`:/(s|x|z|ch|sh)es$/.test(r)?r.slice(0,-2):r.replace(/s$/,"")}export{i as a,$ as b};
//# sourceMappingURL=chunk-6MRAPVCL.js.map
