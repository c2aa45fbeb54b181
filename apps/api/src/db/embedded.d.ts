export interface EmbeddedDatabase {
  url: string;
  /** True when this start created the cluster (the demo seed runs only then). */
  created: boolean;
  stop(): Promise<void>;
}
export declare function startEmbeddedDatabase(
  baseDir: string,
  port: number,
  log?: (line: string) => void,
): Promise<EmbeddedDatabase>;
