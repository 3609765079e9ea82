// hire jobs close ID (CONTRACT §3, §6).
import { jobTransition } from './transition.js';

export default jobTransition('close', 'close for good');
