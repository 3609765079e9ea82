// Types for the undici files imported one by one in undici.ts (the package types its index only).
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}
declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  import { EnvHttpProxyAgent } from 'undici';
  export default EnvHttpProxyAgent;
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  import { Dispatcher } from 'undici';
  export default Dispatcher;
}
declare module 'undici/lib/api/index.js' {
  const api: Record<string, unknown>;
  export default api;
}
