/** The server's notion of now; tests may replace it through buildApp options. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
