import { createRequire as __hireRequire } from 'node:module'; const require = __hireRequire(import.meta.url);
import{a}from"./chunk-5DUXUH3B.js";import"./chunk-QCEUAUFQ.js";import"./chunk-6ZAHZIUF.js";export default a();
//# sourceMappingURL=dispatcher-Z4VOYLVZ.js.map
