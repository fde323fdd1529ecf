// s3rver ships no types; this covers what the tests use.
declare module "s3rver" {
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      resetOnClose?: boolean;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
