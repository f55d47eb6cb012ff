import { accessibilitySweep } from './accessibility-sweep';

accessibilitySweep({ width: 390, height: 844 });
