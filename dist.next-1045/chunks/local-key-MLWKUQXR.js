let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{c as a,d as b,e as c,f as d,g as e,h as f}from"./chunk-OPYY4FXI.js";import"./chunk-6FGHBIPG.js";import"./chunk-2PO6KS5O.js";import"./chunk-XJIZTWAC.js";export{a as LOCAL_KEY_PREFIX,b as SANDBOX_DIR,e as ensureLocalKey,c as environmentDataDir,f as hashKey,d as localKeyPath};
//# sourceMappingURL=local-key-MLWKUQXR.js.map
