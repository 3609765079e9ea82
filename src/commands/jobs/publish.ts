// hire jobs publish ID (CONTRACT §3, §6).
import { jobTransition } from './transition.js';

export default jobTransition('publish', 'publish a draft');
