import { createRequire as __hireRequire } from 'node:module'; const require = __hireRequire(import.meta.url);
import{a,b,c,d,e}from"./chunk-3PZHCIPB.js";import"./chunk-G5BGLHA3.js";import"./chunk-HR4E5ETK.js";import"./chunk-XPDT4GBN.js";import"./chunk-DSTGKDJI.js";import"./chunk-7X7LLUQA.js";import"./chunk-JEPEJYLY.js";import"./chunk-6ZAHZIUF.js";export{c as ApiClient,a as MAX_RESPONSE_BYTES,e as parseResponse,b as redactSecrets,d as redirectMessage};
//# sourceMappingURL=client-AACKTIQV.js.map
