// Lambda handler for POST /convert (the CRDs' conversion webhook: ConversionReview).
import { conversionHandler } from '../lib/handlers/conversion';
import { conversionRegistry } from '../lib/kinds/conversions';

export const handler = conversionHandler(conversionRegistry);
