import { installFeedbackContextCapture } from './context';

// The context a submission carries goes back to the start of the app (access spec §7), so recording
// starts when this module is first evaluated: the router imports the member layout, which imports
// the widget, before the first render. Tests install their own recorders.
if (import.meta.env.MODE !== 'test') installFeedbackContextCapture();

export { FeedbackWidget } from './feedback-widget';
