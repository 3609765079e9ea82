let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{a,b,c,d}from"./chunk-PLH3VM3Z.js";import"./chunk-XJIZTWAC.js";export{c as CONFIG_FILE_NAME,a as configDir,d as configFilePath,b as dataDir};
//# sourceMappingURL=paths-LXEWHI2L.js.map
