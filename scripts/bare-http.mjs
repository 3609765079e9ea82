// The floor of `npm run bench` for one request: Node's own node:http doing what
// `hire jobs list --json` does from a remote profile (GET {HIRE_BASE_URL}/jobs with the key, the
// answer's data printed as JSON), and nothing else. Built-ins through process.getBuiltinModule,
// as hire takes them (README "Performance").
const { request } = process.getBuiltinModule('node:http');

const url = new URL(`${process.env.HIRE_BASE_URL}/jobs`);
const headers = { authorization: `Bearer ${process.env.HIRE_API_KEY}`, accept: 'application/json' };
request(url, { headers }, (response) => {
  const chunks = [];
  response.on('data', (chunk) => chunks.push(chunk));
  response.on('end', () => {
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    process.stdout.write(`${JSON.stringify(body.data, null, 2)}\n`);
  });
}).end();
