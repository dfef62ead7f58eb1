// The second share of the routes fuzz.test.mts describes.
import { describeFuzz } from './fuzz/suite.ts';

describeFuzz({ share: 1, of: 2 });
