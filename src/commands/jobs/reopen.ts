// hire jobs reopen ID (docs/commands.md).
import { jobTransition } from './transition.js';

export default jobTransition('reopen', 'take applications again');
