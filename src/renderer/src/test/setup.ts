// jsdom setup for renderer unit tests.
import '@testing-library/dom';
