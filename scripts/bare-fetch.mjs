// The yardstick of `npm run bench` for one request: Node's own fetch doing what
// `hire jobs list --json` does from a remote profile (GET {HIRE_BASE_URL}/jobs with the key,
// the answer's data printed as JSON), and nothing else.
const response = await fetch(`${process.env.HIRE_BASE_URL}/jobs`, {
  headers: { authorization: `Bearer ${process.env.HIRE_API_KEY}`, accept: 'application/json' },
});
const body = await response.json();
if (!response.ok) throw new Error(`HTTP ${response.status}`);
process.stdout.write(`${JSON.stringify(body.data, null, 2)}\n`);
