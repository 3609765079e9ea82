let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{a,b,c,d,e}from"./chunk-6TUSOCGW.js";import"./chunk-2WEGGSRW.js";import"./chunk-OUGZ5OKX.js";import"./chunk-GTAA5OL5.js";import"./chunk-OYTSQAFP.js";import"./chunk-3SWAXDLZ.js";import"./chunk-XJIZTWAC.js";export{a as COMMANDS,b as NOUNS,c as ROOT,d as ROOT_HELP_AFTER,e as loadManifest};
//# sourceMappingURL=program-M67XRHJY.js.map
