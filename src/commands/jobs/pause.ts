// hire jobs pause ID (CONTRACT §3, §6).
import { jobTransition } from './transition.js';

export default jobTransition('pause', 'stop taking applications for now');
