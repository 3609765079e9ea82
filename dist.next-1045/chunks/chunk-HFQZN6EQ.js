let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
var e=[{key:"id",keepWhole:!0},{key:"name",lines:2},{key:"masked",header:"KEY",keepWhole:!0},{key:"level"},{key:"tier",drop:4},{key:"created_at",header:"CREATED",time:!0,drop:1},{key:"expires_at",header:"EXPIRES",time:!0,drop:2},{key:"revoked_at",header:"REVOKED",time:!0,drop:3},{key:"last_used_at",header:"LAST USED",short:"USED",time:!0}];export{e as a};
//# sourceMappingURL=chunk-HFQZN6EQ.js.map
