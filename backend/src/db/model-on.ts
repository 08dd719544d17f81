import mongoose, { type InferSchemaType, type Schema } from 'mongoose';

/** The model `name` on this connection, compiled once (each app owns its own connection). */
export function modelOn<TSchema extends Schema>(connection: mongoose.Connection, name: string, schema: TSchema) {
  type M = mongoose.Model<InferSchemaType<TSchema>>;
  return (connection.models[name] as M | undefined) ?? (connection.model(name, schema) as unknown as M);
}
