// hire jobs reopen ID (CONTRACT §3, §6).
import { jobTransition } from './transition.js';

export default jobTransition('reopen', 'take applications again');
