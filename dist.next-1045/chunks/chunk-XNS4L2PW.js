let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
var e=[{key:"id",keepWhole:!0},{key:"url",url:!0,want:24},{key:"events",lines:3,drop:2},{key:"status",status:!0},{key:"created_at",header:"CREATED",time:!0,drop:1}],t=[{key:"id"},{key:"url"},{key:"events"},{key:"status",status:!0},{key:"secret"},{key:"created_at"}];export{e as a,t as b};
//# sourceMappingURL=chunk-XNS4L2PW.js.map
