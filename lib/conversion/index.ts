// Every kind this service converts. Adding a kind: write its conversion module next to its interpreter, list it here.
import { workloadConversion } from '../interpreters/workload-conversion';
import { createConversionRegistry } from './registry';

export const conversionRegistry = createConversionRegistry([workloadConversion]);
