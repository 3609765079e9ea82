let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{a,b,c,d,e}from"./chunk-RFZWDQQN.js";import"./chunk-E2OBHKJK.js";import"./chunk-KHV2QMF3.js";import"./chunk-DYEFIJX6.js";import"./chunk-4P5DWLWR.js";import"./chunk-6OP6QOCF.js";import"./chunk-KYFTHMAB.js";import"./chunk-2PO6KS5O.js";import"./chunk-XJIZTWAC.js";export{c as ApiClient,a as MAX_RESPONSE_BYTES,e as parseResponse,b as redactSecrets,d as redirectMessage};
//# sourceMappingURL=client-BGDMLJ2V.js.map
