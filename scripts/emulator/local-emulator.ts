// The one place outside the tests that names the emulator's folder: the launcher (`npm run emulator`) and the
// wording test import the emulator through this module, so moving the emulator means changing these lines only.
export { createEmulator, type Emulator, type Scenario } from '../../emulator';
export { SAMPLE_REPO, SAMPLE_TOKEN, SAMPLE_USER_TOKEN, sampleScenario } from '../../emulator/sample-scenario';
