import { createRequire as __hireRequire } from 'node:module'; const require = __hireRequire(import.meta.url);
import{c as a,d as b,e as c,f as d,g as e,h as f}from"./chunk-R3FMEZBV.js";import"./chunk-XMN3NTNB.js";import"./chunk-JEPEJYLY.js";import"./chunk-6ZAHZIUF.js";export{a as LOCAL_KEY_PREFIX,b as SANDBOX_DIR,e as ensureLocalKey,c as environmentDataDir,f as hashKey,d as localKeyPath};
//# sourceMappingURL=local-key-G5IMRDPK.js.map
