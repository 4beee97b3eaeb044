// Lambda handler for POST /convert (the Workload CRD's conversion webhook: ConversionReview).
import { conversionHandler } from '../lib/handlers/conversion';

export const handler = conversionHandler;
