// The pyramid of ../shared/BENCHMARKS.md on an upstream Box2D v3.2 build (BOX2D_V32_DIR), as
// ../shared/bench/anchors/box2d_v3_pyramid.py runs it on v3.1: one thread, sleeping off,
// 4 substeps at 60 Hz, boxes of 1 m, density 1, friction 0.6. Only b2World_Step is timed.
// usage: box2d_v32_pyramid [BASE] [STEPS]   (defaults 40 600)
// Prints: box2d-v3.2 pyramid base=B bodies=N median_ms=X first60_median_ms=Y
//         cpu_median_ms=Z top_drift_boxes=D
#include <box2d/box2d.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

static double median(double* values, int count) {
    qsort(values, count, sizeof(double), by_value);
    return count % 2 ? values[count / 2] : 0.5 * (values[count / 2 - 1] + values[count / 2]);
}

int main(int argc, char** argv) {
    int base = argc > 1 ? atoi(argv[1]) : 40;
    int steps = argc > 2 ? atoi(argv[2]) : 600;
    if (base < 1 || steps < 1) return 2;

    b2WorldDef worldDef = b2DefaultWorldDef();
    worldDef.gravity = (b2Vec2){0, -10};
    worldDef.enableSleep = false;
    worldDef.workerCount = 1;
    b2WorldId world = b2CreateWorld(&worldDef);

    b2BodyDef groundDef = b2DefaultBodyDef();
    b2BodyId ground = b2CreateBody(world, &groundDef);
    b2ShapeDef groundShape = b2DefaultShapeDef();
    b2Segment line = {{-200, 0}, {200, 0}};
    b2CreateSegmentShape(ground, &groundShape, &line);

    b2Polygon box = b2MakeBox(0.5f, 0.5f);
    b2ShapeDef shapeDef = b2DefaultShapeDef();
    shapeDef.density = 1;
    shapeDef.material.friction = 0.6f;
    b2BodyId top = b2_nullBodyId;
    for (int row = 0; row < base; ++row) {
        int n = base - row;
        for (int i = 0; i < n; ++i) {
            b2BodyDef def = b2DefaultBodyDef();
            def.type = b2_dynamicBody;
            def.position = (b2Vec2){i - n * 0.5f + 0.5f, 0.5f + row};
            top = b2CreateBody(world, &def);
            b2CreatePolygonShape(top, &shapeDef, &box);
        }
    }
    b2Vec2 start = b2Body_GetPosition(top);

    double* wall = malloc(sizeof(double) * steps);
    double* cpu = malloc(sizeof(double) * steps);
    for (int s = 0; s < steps; ++s) {
        double w0 = now_ms(CLOCK_MONOTONIC), c0 = now_ms(CLOCK_THREAD_CPUTIME_ID);
        b2World_Step(world, 1.0f / 60, 4);
        cpu[s] = now_ms(CLOCK_THREAD_CPUTIME_ID) - c0;
        wall[s] = now_ms(CLOCK_MONOTONIC) - w0;
    }
    b2Vec2 end = b2Body_GetPosition(top);
    int first = steps < 60 ? steps : 60;
    double* head = malloc(sizeof(double) * first);
    for (int s = 0; s < first; ++s) head[s] = wall[s];
    printf("box2d-v3.2 pyramid base=%d bodies=%d median_ms=%.4f first60_median_ms=%.4f cpu_median_ms=%.4f top_drift_boxes=%.4f\n",
           base, base * (base + 1) / 2, median(wall, steps), median(head, first), median(cpu, steps),
           hypotf(end.x - start.x, end.y - start.y));
    b2DestroyWorld(world);
    return 0;
}
