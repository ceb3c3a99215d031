import { App } from 'aws-cdk-lib';
import { buildSayyara } from './stacks/sayyara-app';

buildSayyara(new App());
