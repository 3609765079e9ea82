let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
var e=Object.freeze({profile:void 0,format:"table",fields:void 0,csvRaw:!1,color:!0,quiet:!1,verbose:!1,timeoutMs:3e4,maxRetries:3,yes:!1,input:!0});export{e as a};
//# sourceMappingURL=chunk-3SWAXDLZ.js.map
