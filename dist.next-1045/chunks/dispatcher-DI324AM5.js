let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{a}from"./chunk-HFQM67DE.js";import"./chunk-ASVJ5UVN.js";import"./chunk-XJIZTWAC.js";export default a();
//# sourceMappingURL=dispatcher-DI324AM5.js.map
