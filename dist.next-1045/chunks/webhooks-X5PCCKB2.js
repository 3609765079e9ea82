let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{a,b,c,d,e}from"./chunk-LHCZ5ENO.js";import"./chunk-VPYPQKVT.js";import"./chunk-GMLHXMDR.js";import"./chunk-E2OBHKJK.js";import"./chunk-6OP6QOCF.js";import"./chunk-2PO6KS5O.js";import"./chunk-XJIZTWAC.js";export{b as DELIVERIES_PATH,a as WEBHOOKS_PATH,d as createWebhook,c as deliveriesPath,e as removeWebhook};
//# sourceMappingURL=webhooks-X5PCCKB2.js.map
