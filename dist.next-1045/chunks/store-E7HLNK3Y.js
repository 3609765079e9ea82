let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{a,b,c,d,e,f,g,h,i,j}from"./chunk-O7P75IVQ.js";import"./chunk-6FGHBIPG.js";import"./chunk-2PO6KS5O.js";import"./chunk-XJIZTWAC.js";export{b as COLLECTIONS,f as DATABASE_FILE,e as DamagedRecordError,a as FIRST_COLLECTIONS,d as RECOVER_COMMAND,i as Store,c as StoreError,h as field,g as isFieldPath,j as moveDamagedDatabase};
//# sourceMappingURL=store-E7HLNK3Y.js.map
