// hire jobs pause ID (docs/commands.md).
import { jobTransition } from './transition.js';

export default jobTransition('pause', 'stop taking applications for now');
