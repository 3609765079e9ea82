import { createRequire as __hireRequire } from 'node:module'; const require = __hireRequire(import.meta.url);
import{homedir as i}from"node:os";import{join as n}from"node:path";function t(r){return r.HOME||i()}function o(r){return r.HIRE_CONFIG_DIR?r.HIRE_CONFIG_DIR:n(r.XDG_CONFIG_HOME||n(t(r),".config"),"hire")}function f(r){return r.HIRE_DATA_DIR?r.HIRE_DATA_DIR:n(r.XDG_DATA_HOME||n(t(r),".local","share"),"hire")}var e="config.json";function I(r){return n(o(r),e)}export{o as a,f as b,e as c,I as d};
//# sourceMappingURL=chunk-Y4U6T6NK.js.map
