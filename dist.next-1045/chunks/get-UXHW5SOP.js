let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{b as s}from"./chunk-CBKE5C3O.js";import{b as d}from"./chunk-C7BKBDA7.js";import"./chunk-VPYPQKVT.js";import"./chunk-GMLHXMDR.js";import"./chunk-E2OBHKJK.js";import{f as t}from"./chunk-Q56GY4KI.js";import{b as o}from"./chunk-OYTSQAFP.js";import"./chunk-755EPLF5.js";import{c as a}from"./chunk-MAWQSRCB.js";import"./chunk-6OP6QOCF.js";import"./chunk-2PO6KS5O.js";import"./chunk-XJIZTWAC.js";var l=[{key:"id"},{key:"type"},{key:"job_id",header:"JOB"},{key:"created_at"},{key:"data"},{key:"deliveries"}],w={path:["events","get"],summary:"show an event: its payload and every delivery attempt",effect:"read",args:{id:o.required("event id")},examples:["hire events get evt_abc123","hire events get evt_abc123 --json"],async run(e,{id:y}){let i=await d(await e.api(),y);if(e.settings.format!=="table"||e.settings.fields){await t(e.output,i,l);return}let n=Array.isArray(i.deliveries)?i.deliveries:[];await t(e.output,{...i,data:void 0,deliveries:void 0},l.filter(r=>r.key!=="deliveries"&&r.key!=="data")),e.io.stdout.write(`
Payload (data):
${a(i.data??null,2)}
`),e.io.stdout.write(n.length===0?`
Not delivered: no webhook listened to this kind when it happened.
`:`
Deliveries:
${s(n,e.io.isStdoutTTY&&e.io.columns?e.io.columns:void 0).join(`
`)}
`)}};export{w as default};
//# sourceMappingURL=get-UXHW5SOP.js.map
