// hire jobs publish ID (docs/commands.md).
import { jobTransition } from './transition.js';

export default jobTransition('publish', 'publish a draft');
