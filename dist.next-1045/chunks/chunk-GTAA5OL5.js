let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
var t=["table","json","ndjson","csv"];export{t as a};
//# sourceMappingURL=chunk-GTAA5OL5.js.map
