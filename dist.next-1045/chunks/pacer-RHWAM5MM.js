let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{d as a,e as b,f as c,g as d,h as e,i as f}from"./chunk-KHV2QMF3.js";import"./chunk-DYEFIJX6.js";import"./chunk-2PO6KS5O.js";import"./chunk-XJIZTWAC.js";export{e as BudgetWaitExceeded,f as Pacer,a as ServerClock,b as defaultReserve,d as formatSpan,c as formatWait};
//# sourceMappingURL=pacer-RHWAM5MM.js.map
