/* The libyaml floor: parse files into events and do nothing else. No YAML reader can be
 * faster than this, so apigen's benchmark reports its generation time as a multiple of it.
 * A multi-file spec's floor parses every file apigen reads of it. */
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

static long parse(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) {
        perror(path);
        exit(1);
    }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *bytes = malloc((size_t)size + 1);
    if (fread(bytes, 1, (size_t)size, file) != (size_t)size) {
        perror("read");
        exit(1);
    }
    fclose(file);

    yaml_parser_t parser;
    yaml_event_t event;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, bytes, (size_t)size);
    long events = 0;
    for (;;) {
        if (!yaml_parser_parse(&parser, &event)) {
            fprintf(stderr, "%s:%zu:%zu: %s\n", path, parser.problem_mark.line + 1, parser.problem_mark.column + 1, parser.problem);
            exit(1);
        }
        int done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        events++;
        if (done) break;
    }
    yaml_parser_delete(&parser);
    free(bytes);
    return events;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: yaml-floor FILE...\n");
        return 2;
    }
    long events = 0;
    for (int index = 1; index < argc; index++) events += parse(argv[index]);
    printf("%ld events\n", events);
    return 0;
}
