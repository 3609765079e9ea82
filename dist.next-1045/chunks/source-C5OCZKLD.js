let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{a,b,c,d,e,f,g,h,i}from"./chunk-B6MZNIM7.js";import"./chunk-XJIZTWAC.js";export{g as Chalk,c as backgroundColorNames,c as backgroundColors,h as chalkStderr,d as colorNames,d as colors,i as default,b as foregroundColorNames,b as foregroundColors,a as modifierNames,a as modifiers,e as supportsColor,f as supportsColorStderr};
//# sourceMappingURL=source-C5OCZKLD.js.map
