let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
//# sourceMappingURL=chunk-SJFHDOBJ.js.map
