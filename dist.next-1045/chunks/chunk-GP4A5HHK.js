let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
function s(e,r){let n=/^\d{4}-\d{2}-\d{2}$/.test(e);if(!n&&!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(e))return;let t=new Date(n?`${e}T00:00:00.000Z`:e);if(!Number.isNaN(t.getTime())&&!(n&&t.toISOString().slice(0,10)!==e))return n&&r==="to"?new Date(t.getTime()+864e5-1):t}export{s as a};
//# sourceMappingURL=chunk-GP4A5HHK.js.map
