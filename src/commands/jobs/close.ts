// hire jobs close ID (docs/commands.md).
import { jobTransition } from './transition.js';

export default jobTransition('close', 'close for good');
