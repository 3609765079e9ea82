let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
var e=[{key:"id",keepWhole:!0},{key:"type",keepWhole:!0},{key:"created_at",header:"CREATED",time:!0}];export{e as a};
//# sourceMappingURL=chunk-WGNEUT3Q.js.map
