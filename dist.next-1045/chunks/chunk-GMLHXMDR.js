let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{h as r}from"./chunk-2PO6KS5O.js";function i(n,s,e){return new r({status:200,code:"invalid_response",message:`The server's answer to ${n} does not have ${s} in \`data\`.`,...e?{requestId:e}:{}})}export{i as a};
//# sourceMappingURL=chunk-GMLHXMDR.js.map
