let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{g as e}from"./chunk-2PO6KS5O.js";function a(r){return{input:r.io.stdin,output:r.io.stderr}}async function i(r){try{return await r()}catch(o){let t=o.name;throw t==="ExitPromptError"||t==="AbortPromptError"||t==="CancelPromptError"?new e("Cancelled."):o}}export{a,i as b};
//# sourceMappingURL=chunk-5WSHO3IZ.js.map
